/**
 * Wraps a load (a dynamic import, a request) so that it starts on the first call and every caller
 * shares it. A failed load is forgotten, so the next call tries again: a chunk may have failed on
 * a flaky network.
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
