import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { send } from '@site/src/insights/client';
import PageFeedback from '..';

jest.mock('@site/src/insights/client', () => ({ send: jest.fn(), record: jest.fn() }));

beforeEach(() => {
  window.localStorage.clear();
  jest.mocked(send).mockReset();
});

it('after "Send comment", the form gives way to the thanks and the focus goes back to the vote', async () => {
  jest.mocked(send).mockResolvedValue(true);
  render(<PageFeedback pathname="/docs/services/interrogator" reached={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'No' }));
  await userEvent.type(screen.getByLabelText('What was missing or wrong? (optional)'), 'Say which fields can be null.');
  await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));

  expect(send).toHaveBeenLastCalledWith([
    { type: 'comment', route: '/docs/services/interrogator', text: 'Say which fields can be null.' },
  ]);
  expect(screen.getByRole('status')).toHaveTextContent('Thank you: your comment is sent to the writers.');
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send comment' })).toBeNull();
  expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();

  // Changing the vote opens the form again for a comment on the new answer.
  await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
  expect(screen.getByLabelText('Anything we could add? (optional)')).toHaveValue('');
});

it('keeps the comment and the form when it could not be sent', async () => {
  jest.mocked(send).mockResolvedValueOnce(true).mockResolvedValueOnce(false);
  render(<PageFeedback pathname="/docs/services/interrogator" reached={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'No' }));
  await userEvent.type(screen.getByRole('textbox'), 'Nothing lost.');
  await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
  expect(screen.getByRole('status')).toHaveTextContent('Your comment could not be sent. Try again.');
  expect(screen.getByRole('textbox')).toHaveValue('Nothing lost.');
});
