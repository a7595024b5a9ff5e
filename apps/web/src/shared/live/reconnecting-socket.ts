const reconnectDelaysMs = [500, 1_000, 2_000, 5_000, 10_000];

export interface ReconnectingSocketOptions<Message> {
  url: string;
  /** Which message says the server is ready; without it the socket is live once it opens. */
  isReadyMessage?: (message: Message) => boolean;
  /** The socket is live (again): the pauses start over from the shortest. */
  onLive: () => void;
  /** Every message that parses as JSON, the ready message included. */
  onMessage: (message: Message) => void;
  /** The server or the network closed the socket: whether to open it again after a pause. */
  onClose: (event: CloseEvent) => 'reconnect' | 'stop';
}

/**
 * Keeps a WebSocket to `url` open, opening it again with growing pauses when it drops (until
 * `onClose` says stop). Returns the function that closes it for good, as an effect's cleanup.
 */
export function openReconnectingSocket<Message>(options: ReconnectingSocketOptions<Message>): () => void {
  const { url, isReadyMessage, onLive, onMessage, onClose } = options;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let isClosed = false;

  const markLive = () => {
    attempt = 0;
    onLive();
  };

  const connect = () => {
    socket = new WebSocket(url);
    if (!isReadyMessage) socket.onopen = markLive;
    socket.onmessage = (event: MessageEvent<string>) => {
      let message: Message;
      try {
        message = JSON.parse(event.data) as Message;
      } catch {
        return;
      }
      if (isReadyMessage?.(message)) markLive();
      onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (isClosed || onClose(event) === 'stop') return;
      const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 10_000;
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
  };
  connect();

  return () => {
    isClosed = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
