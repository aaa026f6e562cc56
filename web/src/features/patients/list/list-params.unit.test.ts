import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, pageNumbers, readListParams, writeListParams } from './list-params.ts';

const defaults = {
  search: '',
  status: 'all',
  sort: 'name',
  direction: 'asc',
  page: 1,
  pageSize: 20,
} as const;

describe('list parameters in the address', () => {
  it('reads search, status, order, page and page size', () => {
    expect(
      readListParams(
        new URLSearchParams('q=ana&status=post_op&sort=progress&direction=asc&page=3&pageSize=50'),
      ),
    ).toEqual({
      search: 'ana',
      status: 'post_op',
      sort: 'progress',
      direction: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the defaults for what is absent or wrong', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual(defaults);
    expect(
      readListParams(new URLSearchParams('status=other&page=-2&sort=cpf&direction=up&pageSize=7')),
    ).toEqual(defaults);
    expect(readListParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it("takes each column's own direction when the address names none", () => {
    expect(readListParams(new URLSearchParams('sort=admissionDate')).direction).toBe('desc');
    expect(readListParams(new URLSearchParams('sort=name')).direction).toBe('asc');
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeListParams(defaults).toString()).toBe('');
    expect(writeListParams({ ...defaults, sort: 'progress', direction: 'desc' }).toString()).toBe(
      'sort=progress',
    );
    const params = {
      search: 'São Paulo',
      status: 'completed',
      sort: 'admissionDate',
      direction: 'asc',
      page: 2,
      pageSize: 100,
    } as const;
    expect(readListParams(writeListParams(params))).toEqual(params);
  });
});

describe('nextSort', () => {
  it('turns the same column round and starts another in its own direction', () => {
    expect(nextSort({ sort: 'name', direction: 'asc' }, 'name')).toEqual({ sort: 'name', direction: 'desc' });
    expect(nextSort({ sort: 'name', direction: 'desc' }, 'name')).toEqual({ sort: 'name', direction: 'asc' });
    expect(nextSort({ sort: 'name', direction: 'asc' }, 'progress')).toEqual({
      sort: 'progress',
      direction: 'desc',
    });
  });
});

describe('pageCount', () => {
  it('rounds up and never says zero pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(7, 3)).toBe(3);
  });
});

describe('pageNumbers', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the ends and the neighbourhood of the current page, with gaps between', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20]);
  });

  it('shows a single skipped page rather than an ellipsis', () => {
    expect(pageNumbers(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20]);
  });
});
