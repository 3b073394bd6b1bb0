// A loopback listener that speaks just enough of PostgreSQL's start-up to stand for a server in
// the wrong hands: it answers an SSL request with "no", asks for the password in clear, and
// counts the start-ups and the password messages it receives. It keeps no password (only that
// one came). `silent`: it accepts and never answers (a server that hangs).
import { createServer, type Socket } from 'node:net';

export interface PgListener {
  port: number;
  /** Start-up messages received (a client that came and said who it is). */
  startups(): number;
  /** Password messages received. */
  passwordsOffered(): number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

export async function pgListener(mode: 'cleartext' | 'silent' = 'cleartext', at: { host?: string; port?: number } = {}): Promise<PgListener> {
  let startups = 0;
  let passwords = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'silent') return;
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) {
            socket.write('N');
            continue;
          }
          started = true;
          startups++;
          // AuthenticationCleartextPassword
          socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        const type = String.fromCharCode(buffer[0]!);
        buffer = buffer.subarray(length + 1);
        if (type === 'p') {
          passwords++;
          socket.end(errorResponse('28P01', 'password authentication failed'));
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port ?? 0, at.host ?? '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as { port: number }).port,
    startups: () => startups,
    passwordsOffered: () => passwords,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
