import { describe, expect, it } from 'vitest';
import { pageCount, readListParams, writeListParams } from './list-params.ts';

describe('list parameters in the address', () => {
  it('reads search, status and page, with defaults for what is absent or wrong', () => {
    expect(readListParams(new URLSearchParams('q=ana&status=post_op&page=3'))).toEqual({
      search: 'ana',
      status: 'post_op',
      page: 3,
    });
    expect(readListParams(new URLSearchParams(''))).toEqual({ search: '', status: 'all', page: 1 });
    expect(readListParams(new URLSearchParams('status=other&page=-2'))).toEqual({
      search: '',
      status: 'all',
      page: 1,
    });
    expect(readListParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeListParams({ search: '', status: 'all', page: 1 }).toString()).toBe('');
    const params = { search: 'São Paulo', status: 'completed', page: 2 } as const;
    expect(readListParams(writeListParams(params))).toEqual(params);
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
