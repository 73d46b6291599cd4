import type { components } from '../../api/schema';

type ImageProvider = components['schemas']['ImageProvider'];

/** Where the API serves uploaded files: the app's origin proxies `/api` to it. */
export function uploadedImagesPath(appOrigin: string): string {
  return `${appOrigin}/api/v2/images/`;
}

/**
 * Where an image is shown from: an uploaded one from the API (`getImageFile`), any other
 * through our own image host, which fetches it from the provider.
 */
export function imageUrlOf(
  image: { id: string; provider: ImageProvider; providerImageId: string },
  appOrigin: string,
): string {
  return image.provider === 'upload'
    ? `${uploadedImagesPath(appOrigin)}${image.id}/file`
    : `https://images.shelflink.app/${image.provider}/${image.providerImageId}.jpg`;
}
