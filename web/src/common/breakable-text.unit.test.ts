import { describe, expect, it } from 'vitest';
import { lineBreakParts } from './breakable-text.tsx';

describe('lineBreakParts', () => {
  it("cuts a long email after its '@' and before its dots, where a narrow column may break it", () => {
    expect(lineBreakParts('maria.souza@saude.sp.gov.br')).toEqual([
      'maria',
      '.souza@',
      'saude',
      '.sp',
      '.gov',
      '.br',
    ]);
    expect(lineBreakParts('ana@sus')).toEqual(['ana@', 'sus']);
    expect(lineBreakParts('Email não informado')).toEqual(['Email não informado']);
  });

  it('cuts an IP address at its dots and colons', () => {
    expect(lineBreakParts('192.168.0.10')).toEqual(['192', '.168', '.0', '.10']);
    expect(lineBreakParts('::ffff:10.0.0.1')).toEqual([':', ':', 'ffff:', '10', '.0', '.0', '.1']);
  });
});
