import http from 'node:http';

/**
 * Child process of the SSE fan-out benchmark: opens N streams to URL, reports when all are ready,
 * then reports the time (Date.now) each stream received the event carrying the marker.
 */
const [url, countText, marker] = process.argv.slice(2) as [string, string, string];
const count = Number(countText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let ready = 0;
const received: number[] = [];

for (let index = 0; index < count; index += 1) {
  http
    .get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      let buffer = '';
      let counted = false;
      let got = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        if (!counted && buffer.includes('event: ready')) {
          counted = true;
          ready += 1;
          if (ready === count) process.send?.({ kind: 'ready' });
        }
        if (!got && buffer.includes(marker)) {
          // Stays connected, as a browser does: 10,000 disconnects during the fan-out would be
          // measured as the server's delivery time.
          got = true;
          received.push(Date.now());
          buffer = '';
          if (received.length === count) process.send?.({ kind: 'done', received });
        } else if (got) {
          buffer = '';
        } else if (buffer.length > 10_000) {
          buffer = buffer.slice(-2000);
        }
      });
    })
    .on('error', (error) => process.send?.({ kind: 'error', message: error.message }));
}
