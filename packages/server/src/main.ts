import { networkInterfaces } from 'node:os';
import { createApp } from './http/app.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

/** Every IPv4 address other devices on the LAN can reach this machine at. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}

const server = createApp().listen(port, host, () => {
  console.log(`Percent is running on http://localhost:${port}`);
  for (const address of lanAddresses())
    console.log(`  join on your LAN: http://${address}:${port}`);
});
server.on('error', (error) => {
  console.error(`Percent could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
