import { describe, expect, it } from 'vitest';
import { countyOfHost, isBareHost, siteUrlOf } from '../../server/counties/host';

/** Which county's site a host name is (docs/decisions/0099-county-by-host.md). */
const sullivan = { slug: 'sullivan', siteTitle: 'Sullivan County Contractors', isDefault: true, publicUrl: null };
const wyoming = {
  slug: 'wyoming',
  siteTitle: 'Wyoming County Contractors',
  isDefault: false,
  publicUrl: 'https://wyoming-contractors.example.com',
};
const two = [sullivan, wyoming];

describe('the county of a host name', () => {
  it("is the default county's on the deployment's bare addresses", () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      '::1',
      '10.0.0.7',
      'contractors.example.org',
      'CONTRACTORS.example.org.',
      undefined,
    ]) {
      expect(isBareHost(host, 'contractors.example.org')).toBe(true);
      expect(countyOfHost(host, two, 'contractors.example.org')).toBe(sullivan);
    }
  });

  it('is the county named by the first label under localhost or the public host, or its own public URL', () => {
    expect(countyOfHost('wyoming.localhost', two, null)).toBe(wyoming);
    expect(countyOfHost('sullivan.localhost', two, null)).toBe(sullivan);
    expect(countyOfHost('wyoming.contractors.example.org', two, 'contractors.example.org')).toBe(wyoming);
    expect(countyOfHost('wyoming-contractors.example.com', two, 'contractors.example.org')).toBe(wyoming);
  });

  it('is no county for any other name', () => {
    for (const host of [
      'nowhere.localhost',
      'wyoming.evil.example',
      'evil.example',
      'a.wyoming.localhost',
      '.localhost',
      'wyoming',
    ]) {
      expect(isBareHost(host, 'contractors.example.org')).toBe(false);
      expect(countyOfHost(host, two, 'contractors.example.org')).toBeNull();
    }
  });

  it('is the only county on any host while the deployment has one', () => {
    expect(countyOfHost('app', [sullivan], null)).toBe(sullivan);
    expect(countyOfHost('nowhere.localhost', [sullivan], null)).toBe(sullivan);
  });
});

describe("a county's site address", () => {
  // Wyoming without a public URL of its own.
  const plainWyoming = { ...wyoming, publicUrl: null };

  it('is its own public URL, else the deployment address for the default county', () => {
    expect(
      siteUrlOf({ ...wyoming, publicUrl: 'https://wyoming-builders.example.com/' }, 'https://contractors.example.org'),
    ).toBe('https://wyoming-builders.example.com');
    expect(siteUrlOf(sullivan, 'https://contractors.example.org/')).toBe('https://contractors.example.org');
  });

  it('is the county under the deployment host, or under localhost in development, with the same scheme and port', () => {
    expect(siteUrlOf(plainWyoming, 'https://contractors.example.org')).toBe('https://wyoming.contractors.example.org');
    expect(siteUrlOf(plainWyoming, 'http://localhost:3000')).toBe('http://wyoming.localhost:3000');
    expect(siteUrlOf(plainWyoming, 'http://127.0.0.1:4123')).toBe('http://wyoming.localhost:4123');
  });

  it('is answered by the host lookup with the same county', () => {
    const counties = [sullivan, plainWyoming];
    for (const deployment of ['https://contractors.example.org', 'http://localhost:3000']) {
      const host = new URL(siteUrlOf(plainWyoming, deployment)).hostname;
      expect(countyOfHost(host, counties, new URL(deployment).hostname)?.slug).toBe('wyoming');
    }
  });
});
