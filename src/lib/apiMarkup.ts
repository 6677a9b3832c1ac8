/**
 * Corrects, in the rendered DOM of an API page, the markup docusaurus-theme-openapi-docs 5.2 gets wrong
 * for assistive technology (the fix belongs in the theme: PaloAltoNetworks/docusaurus-openapi-docs#1265
 * tracks its accessibility problems):
 *
 * - its parameter and schema lists are `<ul>`s of `<div>`s (ParamsDetails, RequestSchema, ResponseSchema):
 *   WCAG 2.2 SC 1.3.1, axe `list`. Each such child becomes a list item (`role="listitem"`), so the list
 *   is announced with its items;
 * - its array brackets ("Array [" … "]") are `<li>`s outside any list (ArrayBrackets): axe `listitem`.
 *   They are decoration, so they lose the list-item role (`role="none"`);
 * - the scroll arrows of its tab bars are buttons with no name (ApiTabs, MimeTabs, SchemaTabs,
 *   DiscriminatorTabs, OperationTabs): SC 4.1.2, axe `button-name`. They get one.
 *
 * Only attributes React does not manage are added, so the theme's own rendering is untouched.
 */

/** What may sit directly in a `<ul>`/`<ol>` (HTML: `li` and script-supporting elements). */
const LIST_CONTENT = new Set(['LI', 'SCRIPT', 'TEMPLATE']);

/** The names of the tab bars' scroll arrows, by the arrow's class. */
export const ARROW_NAMES = { left: 'Scroll tabs left', right: 'Scroll tabs right' } as const;

const isList = (element: Element | null) =>
  !!element && (element.tagName === 'UL' || element.tagName === 'OL' || element.getAttribute('role') === 'list');

/**
 * Applies the three corrections under `root`.
 *
 * @returns how many elements were changed (0 when the markup is already right, so calling it again is cheap).
 */
export function correctApiMarkup(root: ParentNode): number {
  let changed = 0;
  for (const list of Array.from(root.querySelectorAll('ul:not([role]), ol:not([role])'))) {
    for (const child of Array.from(list.children)) {
      if (LIST_CONTENT.has(child.tagName) || child.hasAttribute('role')) continue;
      child.setAttribute('role', 'listitem');
      changed += 1;
    }
  }
  for (const item of Array.from(root.querySelectorAll('li:not([role])'))) {
    if (isList(item.parentElement)) continue;
    item.setAttribute('role', 'none');
    changed += 1;
  }
  for (const arrow of Array.from(root.querySelectorAll('button.openapi-tabs__arrow:not([aria-label])'))) {
    arrow.setAttribute('aria-label', arrow.classList.contains('left') ? ARROW_NAMES.left : ARROW_NAMES.right);
    changed += 1;
  }
  return changed;
}

/**
 * Keeps `root` corrected while the theme renders into it (the API pages render their schemas in slices
 * and their tab arrows on resize): corrects now, then once per animation frame after any change.
 *
 * @returns a function that stops watching.
 */
export function watchApiMarkup(root: Element): () => void {
  correctApiMarkup(root);
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      correctApiMarkup(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}
