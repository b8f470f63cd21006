import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CachedRouter } from './route-cache';

/** The shapes that make Hono fall back to its tree router: a parameter beside static siblings. */
function app() {
  const hono = new Hono({ router: new CachedRouter() });
  hono.use('/api/*', async (c, next) => {
    await next();
    c.header('x-seen', 'yes');
  });
  hono.get('/api/news/stats', (c) => c.text('stats'));
  hono.get('/api/news/:id', (c) => c.text(`article ${c.req.param('id')}`));
  hono.post('/api/news/:id', (c) => c.text(`posted ${c.req.param('id')}`));
  hono.get('/api/comments/:id/like', (c) => c.text(`likes ${c.req.param('id')}`));
  hono.all('/api/*', (c) => c.text('no route', 404));
  return hono;
}

describe('CachedRouter', () => {
  it('answers every request as the default router would, the second time as the first', async () => {
    const hono = app();
    for (let round = 0; round < 2; round += 1) {
      const seen = async (path: string, method = 'GET') => {
        const response = await hono.request(path, { method });
        return [response.status, await response.text(), response.headers.get('x-seen')];
      };
      expect(await seen('/api/news/stats')).toEqual([200, 'stats', 'yes']);
      expect(await seen('/api/news/41')).toEqual([200, 'article 41', 'yes']);
      expect(await seen('/api/news/42')).toEqual([200, 'article 42', 'yes']);
      expect(await seen('/api/news/42', 'POST')).toEqual([200, 'posted 42', 'yes']);
      expect(await seen('/api/comments/7/like')).toEqual([200, 'likes 7', 'yes']);
      expect(await seen('/api/news/42?page=2')).toEqual([200, 'article 42', 'yes']);
      expect(await seen('/api/nothing')).toEqual([404, 'no route', 'yes']);
      expect(await seen('/elsewhere')).toEqual([404, '404 Not Found', null]);
    }
  });

  it('keeps answering right past its size limit (a scan of random paths)', async () => {
    const hono = app();
    for (let index = 0; index < 2500; index += 1) {
      expect(await (await hono.request(`/api/news/${index}`)).text()).toBe(`article ${index}`);
    }
    expect(await (await hono.request('/api/news/7')).text()).toBe('article 7');
  });
});
