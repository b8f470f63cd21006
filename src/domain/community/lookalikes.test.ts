import { describe, expect, it } from 'vitest';
import { confusableSkeleton, displayNameKeys, isReservedDisplayName } from './lookalikes';

/** Whether two display names are one name (the database refuses the second). */
const sameName = (a: string, b: string) => {
  const [x, y] = [displayNameKeys(a), displayNameKeys(b)];
  return x.key === y.key || x.skeleton === y.skeleton;
};

describe('the confusable skeleton', () => {
  it('is the same for text that looks the same, from any alphabet or form', () => {
    expect(confusableSkeleton('pаypаl')).toBe(confusableSkeleton('paypal'));
    expect(confusableSkeleton('𝐩𝐚𝐲𝐩𝐚𝐥')).toBe(confusableSkeleton('paypal'));
    expect(confusableSkeleton('ｐａｙｐａｌ')).toBe(confusableSkeleton('paypal'));
    expect(confusableSkeleton('pay\u200Bpal\uFEFF')).toBe(confusableSkeleton('paypal'));
    expect(confusableSkeleton('corn')).toBe(confusableSkeleton('com'));
    expect(confusableSkeleton('paypal')).not.toBe(confusableSkeleton('paypa'));
  });
});

describe('display names', () => {
  it('are one name when they look alike, whatever their case', () => {
    expect(sameName('Memb\u0435r a', 'Member a')).toBe(true);
    expect(sameName('MEMBER A', 'member a')).toBe(true);
    expect(sameName('Bill', 'BiII')).toBe(true);
    expect(sameName('Ana\u200B Ruiz', 'Ana Ruiz')).toBe(true);
    expect(sameName('Ｄａｎａ', 'Dana')).toBe(true);
    expect(sameName('Dana', 'Dina')).toBe(false);
  });

  it('stay allowed in any script when nobody has one like it', () => {
    expect(sameName('Мария', 'Maria')).toBe(false);
    expect(sameName('王小明', '王小朋')).toBe(false);
    for (const name of ['Мария', '王小明', 'نورة', 'Ζωή', 'José Núñez', 'Ana Ruiz'])
      expect(isReservedDisplayName(name), name).toBe(false);
  });

  it('keep names that would pass for the team to the team, however they are spelled', () => {
    for (const name of [
      'Site Admin',
      'a.d.m.i.n',
      'XRP-Research',
      'xrp research desk',
      'Official Ripple',
      'MODERATOR',
      '\u0430dmin',
      'Mod\u0435rator',
      'M0DERAT0R',
      'ａｄｍｉｎ',
      'ΑDMIN',
      'Ad\u200Bmin',
      'Админ',
      'адмін',
      'Главный модератор',
    ])
      expect(isReservedDisplayName(name), name).toBe(true);
    for (const name of ['Ada Lovelace', 'Research Fan', 'XRP Maxi', 'Mod Squad', 'Дмитрий'])
      expect(isReservedDisplayName(name), name).toBe(false);
  });
});
