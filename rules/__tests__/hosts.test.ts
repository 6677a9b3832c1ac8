/**
 * @jest-environment node
 */
import {
  acceptedHostnames,
  hostnameOf,
  hostVerdict,
  isLoopbackHostname,
  LOOPBACK_HOSTNAMES,
  MAX_HOST_HEADER_CHARS,
} from '../hosts';

describe('hostnameOf', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:3000', 'localhost'],
    ['LocalHost:3000', 'localhost'],
    ['127.0.0.1:65535', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['[::1]:3000', '[::1]'],
    ['docs.example.com', 'docs.example.com'],
  ])('%s → %s', (host, name) => {
    expect(hostnameOf(host)).toBe(name);
  });

  it.each([
    ['an empty port', 'localhost:'],
    ['a port of letters', 'localhost:http'],
    ['a port of six digits', 'localhost:300000'],
    ['a second name after the port', 'localhost:3000:rebind.example'],
    ['a header longer than a DNS name and a port', `${'a'.repeat(MAX_HOST_HEADER_CHARS - 4)}:3000`],
  ])('%s gives no name', (_name, host) => {
    expect(hostnameOf(host)).toBeUndefined();
  });

  it('refuses a header longer than MAX_HOST_HEADER_CHARS before it scans it, whatever its form', () => {
    // A megabyte that would otherwise be a valid name (no port): only the length check may touch it.
    const huge = 'a'.repeat(1024 * 1024);
    const scans = [jest.spyOn(String.prototype, 'lastIndexOf'), jest.spyOn(String.prototype, 'toLowerCase')];
    try {
      expect(hostnameOf(huge)).toBeUndefined();
      for (const scan of scans) expect(scan).not.toHaveBeenCalled();
    } finally {
      for (const scan of scans) scan.mockRestore();
    }
  });
});

describe('hostVerdict', () => {
  const accepted = acceptedHostnames('https://docs.example.com');

  it('passes an accepted name on any port', () => {
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:8080', 'docs.example.com', 'DOCS.example.com:443']) {
      expect([host, hostVerdict(host, accepted)]).toEqual([host, { pass: true }]);
    }
  });

  it('answers any other name, a missing header and a malformed one with 421 and one line naming the names', () => {
    for (const host of ['rebind.example:3000', 'www.docs.example.com', 'localhost.', '::1', undefined, 'localhost:x']) {
      expect([host, hostVerdict(host, accepted)]).toEqual([
        host,
        {
          pass: false,
          status: 421,
          body: 'Misdirected request: this server answers only to the Host names localhost, 127.0.0.1, [::1], docs.example.com (any port).\n',
        },
      ]);
    }
  });
});

describe('acceptedHostnames and isLoopbackHostname', () => {
  it('are the loopback names, plus the site URL’s name when one is given', () => {
    expect(acceptedHostnames()).toEqual(LOOPBACK_HOSTNAMES);
    expect(acceptedHostnames('http://localhost:3000')).toEqual(LOOPBACK_HOSTNAMES);
    expect(acceptedHostnames('https://Portal.Example.com/docs')).toEqual([...LOOPBACK_HOSTNAMES, 'portal.example.com']);
  });

  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    [new URL('http://[::1]:3000').hostname, true],
    ['portal.localhost', false],
    ['127.0.0.2', false],
    ['portal.example.com', false],
  ])('%s is loopback: %s', (name, loopback) => {
    expect(isLoopbackHostname(name)).toBe(loopback);
  });
});
