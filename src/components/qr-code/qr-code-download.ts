function saveAs(href: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.click();
}

/**
 * Saves a drawn QR code as a PNG of `pixels` square. The code library draws at the screen's pixel
 * ratio (twice the size on most phones), so the image is redrawn at the size the author chose.
 */
export function downloadCanvasPng(
  canvas: HTMLCanvasElement,
  fileName: string,
  pixels: number,
): void {
  let image = canvas;
  if (canvas.width !== pixels || canvas.height !== pixels) {
    image = document.createElement('canvas');
    image.width = pixels;
    image.height = pixels;
    const context = image.getContext('2d');
    if (!context) return;
    context.imageSmoothingQuality = 'high';
    context.drawImage(canvas, 0, 0, pixels, pixels);
  }
  saveAs(image.toDataURL('image/png'), fileName);
}

/** Saves a QR code's SVG element as a file of its own. */
export function downloadSvg(svg: SVGSVGElement, fileName: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  saveAs(url, fileName);
  // The download has started from the click; the address is needed no longer.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
