import { describe, expect, it } from 'vitest';
import { displayToIso, isoToDisplay, maskDateText, typedToFormValue } from './date-text.ts';

describe('dates shown and typed as dd/MM/yyyy', () => {
  it('shows a wire date day first', () => {
    expect(isoToDisplay('2025-03-09')).toBe('09/03/2025');
    expect(isoToDisplay('')).toBe('');
    expect(isoToDisplay(null)).toBe('');
    expect(isoToDisplay('12/03')).toBe('12/03');
  });

  it('reads a typed day as its wire date, and only a real day', () => {
    expect(displayToIso('09/03/2025')).toBe('2025-03-09');
    expect(displayToIso('31/12/2024')).toBe('2024-12-31');
    expect(displayToIso('29/02/2024')).toBe('2024-02-29');
    expect(displayToIso('29/02/2025')).toBeNull();
    expect(displayToIso('31/04/2025')).toBeNull();
    expect(displayToIso('13/13/2025')).toBeNull();
    expect(displayToIso('1/3/2025')).toBeNull();
  });

  it('holds the text itself in the form until it is a whole day', () => {
    expect(typedToFormValue('09/03/2025')).toBe('2025-03-09');
    expect(typedToFormValue('09/03/20')).toBe('09/03/20');
    expect(typedToFormValue('')).toBe('');
  });

  it('masks digits into day, month and year as they are typed', () => {
    expect(maskDateText('0')).toBe('0');
    expect(maskDateText('09')).toBe('09');
    expect(maskDateText('090')).toBe('09/0');
    expect(maskDateText('0903')).toBe('09/03');
    expect(maskDateText('09032025')).toBe('09/03/2025');
    expect(maskDateText('090320251')).toBe('09/03/2025');
    expect(maskDateText('09/03/2025')).toBe('09/03/2025');
  });

  it('pads a one-digit day or month when a separator follows it', () => {
    expect(maskDateText('1/')).toBe('01/');
    expect(maskDateText('1/3/2025')).toBe('01/03/2025');
    expect(maskDateText('1.3.2025')).toBe('01/03/2025');
  });

  it('lets a slash be deleted, and turns a pasted ISO day around', () => {
    expect(maskDateText('09')).toBe('09');
    expect(maskDateText('09/')).toBe('09/');
    expect(maskDateText('2025-03-09')).toBe('09/03/2025');
    expect(maskDateText('abc')).toBe('');
  });
});
