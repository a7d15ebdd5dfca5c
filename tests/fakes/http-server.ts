/**
 * The HTTP server of a fake service. It keeps idle keep-alive connections 65 s, as the real services'
 * front ends (and our own server, decision 071) do: with Node's default of 5 s, a client reusing a
 * pooled connection just as the fake closed it got a reset ("fetch failed"), seen as a rare failure
 * on a busy machine, which the real services would not cause.
 */
import http from "node:http";

export function fakeHttpServer(handler: http.RequestListener): http.Server {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
