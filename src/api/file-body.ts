/**
 * The request options that send a file as the whole body, with its own Content-Type: the
 * client's default serializer would write it as JSON. The contract types binary bodies
 * (`format: binary`) as strings; a file is what is sent in their place.
 */
export function fileBody(file: Blob) {
  return {
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as Blob,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  };
}
