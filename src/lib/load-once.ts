/**
 * Wraps a dynamic import so that every caller shares one request. A failed load is forgotten, so
 * the next call tries again: the chunk may have failed on a flaky network.
 */
export function loadOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
