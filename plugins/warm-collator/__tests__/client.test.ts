import { warmCollatorWhenIdle, WARM_TIMEOUT_MS } from '../client';

describe('warmCollatorWhenIdle', () => {
  let compare: jest.SpyInstance;
  beforeEach(() => (compare = jest.spyOn(String.prototype, 'localeCompare')));
  afterEach(() => compare.mockRestore());

  it('sets up the collator in the next idle period, not at once', () => {
    let idle: (() => void) | undefined;
    const requestIdleCallback = jest.fn((callback: () => void) => ((idle = callback), 1));
    warmCollatorWhenIdle({ requestIdleCallback, setTimeout: jest.fn() });
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: WARM_TIMEOUT_MS });
    expect(compare).not.toHaveBeenCalled();
    idle!();
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer where there are no idle callbacks (Safari)', () => {
    let timer: (() => void) | undefined;
    warmCollatorWhenIdle({ setTimeout: jest.fn((callback: () => void) => ((timer = callback), 1)) });
    expect(compare).not.toHaveBeenCalled();
    timer!();
    expect(compare).toHaveBeenCalledTimes(1);
  });
});
