// Libraries that inject a <style> element at run time (sonner's stylesheet, react-remove-scroll's
// scroll lock inside the Radix dialog) are blocked by the Content-Security-Policy, which has no
// 'unsafe-inline'. Constructed style sheets are CSSOM, which CSP does not govern: the build points
// those libraries here instead (web/scripts/csp-styles.mjs).

/** Adds `css` to the document as a constructed sheet; the returned function takes it away again. */
export function adoptStyles(css: string): () => void {
  if (typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return () => {};
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
