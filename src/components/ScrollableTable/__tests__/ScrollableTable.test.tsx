/**
 * A Markdown table is a tab stop only while it overflows: then a keyboard can scroll it.
 */
import { act, render, screen } from '@testing-library/react';
import ScrollableTable from '..';

let observed: (() => void) | undefined;
beforeAll(() => {
  global.ResizeObserver = class {
    constructor(callback: () => void) {
      observed = callback;
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function widths(scroll: number, client: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scroll });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => client });
}

const table = () => (
  <ScrollableTable>
    <tbody>
      <tr>
        <td>cell</td>
      </tr>
    </tbody>
  </ScrollableTable>
);

it('is focusable while wider than its box', () => {
  widths(800, 390);
  render(table());
  expect(screen.getByRole('table')).toHaveAttribute('tabindex', '0');
});

it('is no tab stop while it fits, and becomes one when the screen narrows', () => {
  widths(600, 900);
  render(table());
  expect(screen.getByRole('table')).not.toHaveAttribute('tabindex');
  widths(600, 390);
  act(() => observed?.());
  expect(screen.getByRole('table')).toHaveAttribute('tabindex', '0');
});
