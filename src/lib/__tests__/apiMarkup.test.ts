/**
 * The API pages' list and button markup, corrected for assistive technology: shapes copied
 * from docusaurus-theme-openapi-docs 5.2's rendered pages.
 */
import { ARROW_NAMES, correctApiMarkup, watchApiMarkup } from '../apiMarkup';

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

describe('correctApiMarkup', () => {
  it('makes the parameter divs of a list its list items', () => {
    const root = render(
      '<ul><div class="openapi-params__list-item">page</div><div class="openapi-params__list-item">page_size</div></ul>',
    );
    correctApiMarkup(root);
    expect(
      Array.from(root.querySelectorAll('.openapi-params__list-item')).map((item) => item.getAttribute('role')),
    ).toEqual(['listitem', 'listitem']);
  });

  it('takes the list-item role from array brackets outside a list, and leaves real list items alone', () => {
    const root = render(
      '<ul><div style="margin-left: 0.5rem"><li><div>Array [</div></li><div class="openapi-schema__list-item">Doctype</div><li><div>]</div></li></div><li>real</li></ul>',
    );
    correctApiMarkup(root);
    const [opening, closing, real] = Array.from(root.querySelectorAll('li'));
    expect([opening.getAttribute('role'), closing.getAttribute('role'), real.getAttribute('role')]).toEqual([
      'none',
      'none',
      null,
    ]);
    expect(root.querySelector('ul > div')!.getAttribute('role')).toBe('listitem');
  });

  it('names the scroll arrows of a tab bar and leaves its tablist alone', () => {
    const root = render(
      '<div><button class="openapi-tabs__arrow left"></button><ul role="tablist"><li role="tab">200</li></ul><button class="openapi-tabs__arrow right"></button></div>',
    );
    correctApiMarkup(root);
    expect(Array.from(root.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'))).toEqual([
      ARROW_NAMES.left,
      ARROW_NAMES.right,
    ]);
    expect(root.querySelector('li')!.getAttribute('role')).toBe('tab');
  });

  it('changes nothing the second time', () => {
    const root = render('<ul><div>a</div></ul><div><li>b</li></div><button class="openapi-tabs__arrow left"></button>');
    expect(correctApiMarkup(root)).toBe(3);
    expect(correctApiMarkup(root)).toBe(0);
  });
});

describe('watchApiMarkup', () => {
  it('corrects what the theme renders later, and stops when told', async () => {
    const root = render('');
    const stop = watchApiMarkup(root);
    root.insertAdjacentHTML('beforeend', '<button class="openapi-tabs__arrow right"></button>');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(root.querySelector('button')!.getAttribute('aria-label')).toBe(ARROW_NAMES.right);
    stop();
    root.insertAdjacentHTML('beforeend', '<button class="openapi-tabs__arrow left"></button>');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(root.querySelectorAll('button')[1].getAttribute('aria-label')).toBeNull();
  });
});
