/**
 * @jest-environment node
 */
import { FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, whenIdleAfterLoad, type IdleWindow } from '../whenIdle';

function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
  const listeners: (() => void)[] = [];
  const idleCallbacks: { callback: () => void; timeout?: number }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const win: IdleWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: (_type, listener) => listeners.splice(listeners.indexOf(listener), 1),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    clearTimeout: (handle) => timers.splice(handle - 1, 1),
    ...(idle
      ? {
          requestIdleCallback: (callback: () => void, options?: { timeout: number }) =>
            idleCallbacks.push({ callback, timeout: options?.timeout }),
          cancelIdleCallback: (handle: number) => idleCallbacks.splice(handle - 1, 1),
        }
      : {}),
  };
  return { win, listeners, idleCallbacks, timers };
}

describe('whenIdleAfterLoad (issue #9)', () => {
  it('waits for the load event, then for an idle period of at most IDLE_TIMEOUT_MS', () => {
    const { win, listeners, idleCallbacks } = fakeWindow('interactive', true);
    const callback = jest.fn();
    whenIdleAfterLoad(win, callback);
    expect(idleCallbacks).toHaveLength(0);
    listeners[0]();
    expect(idleCallbacks).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(callback).not.toHaveBeenCalled();
    idleCallbacks[0].callback();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits only for idle when the page has already loaded, and uses a short timer without requestIdleCallback', () => {
    const loaded = fakeWindow('complete', true);
    whenIdleAfterLoad(loaded.win, jest.fn());
    expect(loaded.idleCallbacks).toHaveLength(1);
    const safari = fakeWindow('complete', false);
    const callback = jest.fn();
    whenIdleAfterLoad(safari.win, callback);
    expect(safari.timers[0].ms).toBe(FALLBACK_DELAY_MS);
    safari.timers[0].callback();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never calls back once cancelled', () => {
    const { win, listeners, idleCallbacks } = fakeWindow('loading', true);
    const callback = jest.fn();
    const cancel = whenIdleAfterLoad(win, callback);
    cancel();
    expect(listeners).toHaveLength(0);
    const late = fakeWindow('complete', true);
    const cancelLate = whenIdleAfterLoad(late.win, callback);
    const pending = late.idleCallbacks[0].callback;
    cancelLate();
    pending();
    expect(callback).not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(0);
  });
});
