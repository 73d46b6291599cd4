let unloading = false;

// `pagehide` comes before the browser cancels the page's requests on a reload or when leaving;
// `pageshow` clears the flag when the page comes back from the back-forward cache.
window.addEventListener('pagehide', () => {
  unloading = true;
});
window.addEventListener('pageshow', () => {
  unloading = false;
});

/** Whether the page is being left, so a request failing now was cut off rather than refused. */
export function isPageUnloading(): boolean {
  return unloading;
}
