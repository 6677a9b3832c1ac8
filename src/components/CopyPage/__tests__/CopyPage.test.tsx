import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CopyPage, { fetchPageMarkdown } from '..';

let mockPathname = '/docs/services/interrogator';
jest.mock('@docusaurus/router', () => ({ useLocation: () => ({ pathname: mockPathname }) }), { virtual: true });

const MARKDOWN = '# Interrogator\n\nAsk questions.\n';
const writeText = jest.fn<Promise<void>, [string]>(() => Promise.resolve());

beforeEach(() => {
  mockPathname = '/docs/services/interrogator';
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

/** A fetch answering `status` with `body` (jsdom has no `Response`). */
const answer = (status: number, body = '') =>
  jest.fn(() =>
    Promise.resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(body) }),
  ) as unknown as typeof fetch;

describe('Copy page', () => {
  it('copies the page as Markdown and says so', async () => {
    global.fetch = answer(200, MARKDOWN);
    render(<CopyPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy page' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied as Markdown');
    expect(writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(global.fetch).toHaveBeenCalledWith(
      '/docs/services/interrogator.md',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('links the Markdown copy of this page, also for a route with a trailing slash', () => {
    mockPathname = '/api/';
    render(<CopyPage />);
    expect(screen.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/api.md');
  });

  it('says why it could not copy, and copies nothing', async () => {
    global.fetch = answer(401);
    render(<CopyPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy page' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Could not copy: your session has ended; sign in again',
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it('is used from the keyboard', async () => {
    global.fetch = answer(200, MARKDOWN);
    render(<CopyPage />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Copy page' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied as Markdown');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'View as Markdown' })).toHaveFocus();
  });
});

describe('fetchPageMarkdown', () => {
  it('explains a missing copy (the dev server has none) and other failures', async () => {
    await expect(fetchPageMarkdown('/x.md', answer(404))).rejects.toThrow('made by npm run build');
    await expect(fetchPageMarkdown('/x.md', answer(500))).rejects.toThrow('the portal answered 500');
  });
});
