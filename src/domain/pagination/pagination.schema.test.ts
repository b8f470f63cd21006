import { describe, expect, it } from 'vitest';
import { limitParamSchema, offsetParamSchema, pageParamSchema } from './pagination.schema';

describe('paged list parameters', () => {
  it('read numbers from the query string, with a default when absent', () => {
    expect(pageParamSchema().parse('3')).toBe(3);
    expect(pageParamSchema().parse(undefined)).toBe(1);
    expect(limitParamSchema(50, 20).parse('50')).toBe(50);
    expect(limitParamSchema(50, 20).parse(undefined)).toBe(20);
    expect(offsetParamSchema().parse(undefined)).toBe(0);
  });

  it('refuse what is out of range or not a whole number', () => {
    expect(pageParamSchema().safeParse('0').success).toBe(false);
    expect(pageParamSchema(1000).safeParse('1001').success).toBe(false);
    expect(limitParamSchema(50, 20).safeParse('51').success).toBe(false);
    expect(limitParamSchema(50, 20).safeParse('1.5').success).toBe(false);
    expect(offsetParamSchema().safeParse('-1').success).toBe(false);
    expect(offsetParamSchema().safeParse('100001').success).toBe(false);
  });
});
