import { describe, expect, it } from 'vitest';
import { createUnsavedWork } from './unsaved-work.ts';

describe('createUnsavedWork', () => {
  it('is held while any form holds changes', () => {
    const work = createUnsavedWork();
    expect(work.isHeld()).toBe(false);

    const patientForm = work.hold();
    const registration = work.hold();
    patientForm();
    expect(work.isHeld()).toBe(true);
    registration();
    expect(work.isHeld()).toBe(false);
  });

  it('counts a release once, however often it is called', () => {
    const work = createUnsavedWork();
    const release = work.hold();
    work.hold();

    release();
    release();

    expect(work.isHeld()).toBe(true);
  });
});
