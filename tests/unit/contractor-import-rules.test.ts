import { describe, expect, it } from 'vitest';
import { headerKey, importErrorsCsv, mapHeaders } from '@shared/contractor-import';
import { maskEmail, maskPhone } from '@shared/masking';
import { region } from '@shared/region';
import {
  duplicateKeys,
  importDate,
  matchServices,
  matchTown,
  nameKey,
  readRow,
} from '../../server/contractors/import/import-rules';
import { delimiterOf } from '../../server/contractors/import/import-table';
import { parseEnv, startupWarnings } from '../../server/env';

/** How an imported list's rows are read (docs/decisions/0130-contractor-import.md). */
describe('header mapping', () => {
  it("maps the Attorney General's export and common spellings", () => {
    const m = mapHeaders([
      'Business Name',
      'Registration #',
      'Expiration Date',
      'Type of Work',
      'Phone',
      'Address',
      'City',
      'Zip',
    ]);
    expect(m).toMatchObject({
      name: 0,
      registrationNumber: 1,
      expiresOn: 2,
      services: 3,
      phone: 4,
      address: 5,
      city: 6,
      zip: 7,
      email: null,
      county: null,
    });
    expect(mapHeaders(['E-mail Address', 'Company', 'Town', 'Reg. No.'])).toMatchObject({
      email: 0,
      name: 1,
      city: 2,
      registrationNumber: 3,
    });
    expect(headerKey('  Registration   No. ')).toBe('registration number');
  });

  it('maps each column to one field at most, the first such column winning', () => {
    expect(mapHeaders(['Name', 'Business Name', 'City'])).toMatchObject({ name: 0, city: 2 });
    expect(mapHeaders(['Something', 'Else'])).toMatchObject({ name: null, city: null });
  });
});

describe('towns and services of the county', () => {
  it.each([
    ['Dushore', 'dushore'],
    ['DUSHORE BORO', 'dushore'],
    ['Laporte Twp.', 'other-townships'],
    ['Cherry Twp', 'cherry-township'],
    ['Cherry', 'cherry-township'],
    ['Mildred', 'cherry-township'],
    ['Muncy Valley, PA', 'davidson-township'],
    ['Eagles Mere Borough', 'eagles-mere'],
  ])('%s is %s', (text, slug) => expect(matchTown(text, region)).toBe(slug));

  it('a town of another county is no town, never a new one', () => {
    expect(matchTown('Scranton', region)).toBeNull();
    expect(matchTown('', region)).toBeNull();
  });

  it("reads the registry's type-of-work words and the county's own names", () => {
    expect(matchServices('Roofing; Gutters', region)).toEqual({ slugs: ['roofing', 'siding'] });
    expect(matchServices('Kitchens, Bathrooms', region)).toEqual({ slugs: ['kitchen-bath'] });
    expect(matchServices('Heating & Air Conditioning', region)).toEqual({ slugs: ['hvac'] });
    expect(matchServices('Kitchen & Bath Remodeling', region)).toEqual({ slugs: ['kitchen-bath'] });
    expect(matchServices('Roofing / Pest Control', region)).toEqual({ unknown: 'Pest Control' });
  });
});

describe('dates, names and duplicates', () => {
  it('reads the usual date forms and refuses days that do not exist', () => {
    expect(importDate('3/31/2027')).toBe('2027-03-31');
    expect(importDate('03/31/27')).toBe('2027-03-31');
    expect(importDate('2027-03-31')).toBe('2027-03-31');
    expect(importDate('2027-02-30')).toBeNull();
    expect(importDate('next year')).toBeNull();
  });

  it('compares names without case, punctuation or the company form', () => {
    expect(nameKey('Bitter Creek Roofing, LLC')).toBe(nameKey('bitter creek roofing'));
    expect(nameKey('Smith & Sons Inc.')).toBe(nameKey('Smith and Sons'));
    expect(nameKey('Smith Roofing')).not.toBe(nameKey('Smith Plumbing'));
  });

  it('keys a business by its number, its ten phone digits, and its name in its town', () => {
    expect(
      duplicateKeys({
        registrationNumber: 'PA123456',
        phone: '+1 (570) 555-0142',
        name: 'Acme LLC',
        townSlug: 'dushore',
      }),
    ).toEqual({ registration: 'PA123456', phone: '5705550142', nameTown: 'acme|dushore' });
    expect(
      duplicateKeys({ registrationNumber: null, phone: '555-0142', name: 'Acme', townSlug: 'x' }).phone,
    ).toBeNull();
  });
});

describe('a row', () => {
  const mapping = mapHeaders([
    'Business Name',
    'Registration Number',
    'Type of Work',
    'Phone',
    'City',
    'County',
    'Email',
  ]);
  it('becomes a listing, its number written as the registry writes it', () => {
    const read = readRow(
      ['Acme Roofing', 'pa 123-456', 'Roofing', '570-555-0142', 'Dushore', 'Sullivan', ''],
      mapping,
      region,
    );
    expect(read).toMatchObject({
      listing: { name: 'Acme Roofing', registrationNumber: 'PA123456', townSlug: 'dushore' },
    });
  });

  it.each([
    [['', 'PA123456', 'Roofing', '', 'Dushore', '', ''], 'The business name is missing'],
    [
      ['Acme', 'PA123456', 'Roofing', '', 'Dushore', 'Bradford County', ''],
      'The county is Bradford County, not Sullivan County',
    ],
    [['Acme', 'PA12', 'Roofing', '', 'Dushore', '', ''], 'The registration number PA12 is not of the form PA123456'],
    [['Acme', '', 'Roofing', '12', 'Dushore', '', ''], 'The phone number 12 is not a valid phone number'],
    [['Acme', '', 'Roofing', '', 'Dushore', '', 'not-mail'], 'The email address not-mail is not valid'],
    [['Acme', '', '', '', 'Dushore', '', ''], 'The type of work is missing'],
  ])('%j is refused: %s', (cells, error) => {
    expect(readRow(cells, mapping, region)).toEqual({ error, name: cells[0] });
  });
});

describe('around the import', () => {
  it('finds the delimiter from the header line', () => {
    expect(delimiterOf(Buffer.from('a,b,c\n1;2,3'))).toBe(',');
    expect(delimiterOf(Buffer.from('a;b;c\n'))).toBe(';');
    expect(delimiterOf(Buffer.from('a\tb\tc\n'))).toBe('\t');
  });

  it('writes the failed rows as CSV, formulas defused', () => {
    const csv = importErrorsCsv({
      rows: [
        { row: 2, outcome: 'new', name: 'Fine', town: 'dushore' },
        { row: 3, outcome: 'error', name: '=HYPERLINK("x")', town: null, error: 'The type of work is missing' },
      ],
    });
    expect(csv).toBe('Row,Business name,Error\r\n3,"\'=HYPERLINK(""x"")",The type of work is missing\r\n');
  });

  it('masks a listing channel as the claim page shows it', () => {
    expect(maskPhone('(570) 555-0142')).toBe('***-***-0142');
    expect(maskPhone('12')).toBeNull();
    expect(maskEmail('John.Smith@Gmail.com')).toBe('J***@gmail.com');
    expect(maskEmail('@gmail.com')).toBeNull();
  });

  it('production without the postal address says so at start', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENTS: 'demo',
      PUBLIC_URL: 'https://contractors.example.org',
    };
    expect(startupWarnings(parseEnv(prod)).join('\n')).toMatch(/OPERATOR_POSTAL_ADDRESS is not set/);
    expect(
      startupWarnings(parseEnv({ ...prod, OPERATOR_POSTAL_ADDRESS: 'PO Box 1, Laporte, PA 18626' })).join('\n'),
    ).not.toMatch(/OPERATOR_POSTAL_ADDRESS/);
  });
});
