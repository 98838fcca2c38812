import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives. With
 * `hold`, it accepts each message only once `release()` is called, like a slow relay.
 */
export async function startSmtpServer(opts: { hold?: boolean } = {}) {
  const received: string[] = [];
  let release!: () => void;
  const released = opts.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  if (!opts.hold) release = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => void released.then(() => (received.push(data), done())));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
