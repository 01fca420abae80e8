import { describe, expect, it } from 'vitest';
import { aspNetKey } from './family-errors.ts';

describe('aspNetKey (createFamily 400 in the ASP.NET shape)', () => {
  it('writes request paths as ASP.NET model-state keys', () => {
    expect(aspNetKey('familyName')).toBe('FamilyName');
    expect(aspNetKey('familyMembers.0.personId')).toBe('FamilyMembers[0].PersonId');
    expect(aspNetKey('familyMembers.12.familyRoleId')).toBe('FamilyMembers[12].FamilyRoleId');
    expect(aspNetKey('body')).toBe('Body');
  });
});
