/**
 * Sends one request at a time, each through the `sendOne` it came with. A repeat of the one on
 * its way is dropped (a second click on the same checkbox), and so is any request waiting
 * behind it; a different one (another date picked before the first one's answer) waits and is
 * sent once the first is answered, the latest only: one it replaced resolves false unsent.
 * Each call resolves to whether the server took its request.
 */
export function oneAtATime<Request>(
  same: (a: Request, b: Request) => boolean,
): (request: Request, sendOne: (request: Request) => Promise<boolean>) => Promise<boolean> {
  interface Waiting {
    readonly request: Request;
    readonly sendOne: (request: Request) => Promise<boolean>;
    readonly settle: (taken: boolean) => void;
  }
  let sending: { readonly request: Request } | undefined;
  let waiting: Waiting | undefined;

  const send = async (
    request: Request,
    sendOne: (request: Request) => Promise<boolean>,
  ): Promise<boolean> => {
    if (sending) {
      // Whatever waited is replaced: by this one, or by the one on its way when this repeats it
      // (a date picked, another, then the first again: the first is the nurse's last word).
      waiting?.settle(false);
      waiting = undefined;
      if (same(sending.request, request)) return false;
      return new Promise<boolean>((settle) => (waiting = { request, sendOne, settle }));
    }
    sending = { request };
    try {
      return await sendOne(request);
    } finally {
      sending = undefined;
      const next = waiting;
      waiting = undefined;
      if (next) void send(next.request, next.sendOne).then(next.settle);
    }
  };
  return send;
}
