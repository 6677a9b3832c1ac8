/**
 * The state of "Was this page helpful?" on one page (./index.tsx): the reader's vote (remembered by this
 * browser, to show it pressed), the comment being written and whether it has been sent, what to announce, and
 * the two actions, each sent at once (src/insights/client.ts `send`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { send } from '@site/src/insights/client';

export type Vote = 'yes' | 'no';

/** Where this browser remembers its vote on a page. */
const storageKeyOf = (route: string) => `portal.feedback.${route}`;

function storedVote(route: string): Vote | undefined {
  try {
    const value = window.localStorage.getItem(storageKeyOf(route));
    return value === 'yes' || value === 'no' ? value : undefined;
  } catch {
    return undefined;
  }
}

function storeVote(route: string, vote: Vote): void {
  try {
    window.localStorage.setItem(storageKeyOf(route), vote);
  } catch {
    // Unavailable storage (spec §8.2): the vote is sent all the same, only not shown pressed next time.
  }
}

/** @param route - the page's path without query or fragment. */
export function useFeedback(route: string) {
  const [vote, setVote] = useState<Vote | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  /** Whether the comment on this vote has been sent: the form gives way to the thanks. */
  const [commented, setCommented] = useState(false);
  useEffect(() => {
    setVote(storedVote(route));
    setComment('');
    setStatus('');
    setCommented(false);
  }, [route]);

  async function choose(choice: Vote) {
    if (sending) return;
    setSending(true);
    const sent = await send([{ type: 'vote', route, helpful: choice === 'yes' }]);
    setSending(false);
    if (!sent) {
      setStatus('Your answer could not be sent. Check your connection and choose again.');
      return;
    }
    setVote(choice);
    setCommented(false);
    storeVote(route, choice);
    setStatus(
      choice === 'yes'
        ? 'Thank you: your answer is recorded. You can add a comment below.'
        : 'Thank you: your answer is recorded. Tell us below what was missing or wrong.',
    );
  }

  async function submitComment(event: FormEvent) {
    event.preventDefault();
    const text = comment.trim();
    if (!text) {
      setStatus('Write a comment first, or leave it empty: your answer is already recorded.');
      return;
    }
    setSending(true);
    const sent = await send([{ type: 'comment', route, text }]);
    setSending(false);
    setStatus(sent ? 'Thank you: your comment is sent to the writers.' : 'Your comment could not be sent. Try again.');
    if (sent) {
      setComment('');
      setCommented(true);
    }
  }

  return { vote, comment, setComment, status, sending, commented, choose, submitComment };
}
