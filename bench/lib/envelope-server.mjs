// A worker thread answering every request with the same small JSON envelope over keep-alive HTTP:
// the cheapest server possible, on its own thread, so the clients' costs are what differs.
import { createServer } from 'node:http';
import { parentPort } from 'node:worker_threads';

const body = Buffer.from(
  JSON.stringify({
    response_code: 200,
    response_message: 'OK',
    response_body: {
      product_id: 1005,
      product_name: 'Pulse Wireless Earbuds',
      product_price: 1299,
      final_price: 1039.2,
      quantity: 40,
      product_type_name: 'Physical Product',
    },
  }),
);
const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  request.resume();
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => parentPort?.postMessage({ port: server.address().port }));
parentPort?.on('message', (message) => {
  if (message === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
