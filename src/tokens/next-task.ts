/**
 * Resolves in a new task, so the page can paint and handle input in between. A message on a
 * channel, not `setTimeout(0)`, which browsers hold back to 4 ms once such waits nest.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === "undefined") return new Promise((done) => setTimeout(done, 0));
  return new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      done();
    };
    channel.port2.postMessage(null);
  });
}
