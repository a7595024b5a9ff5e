/** The 4-digit code the customer reads out in the video, drawn once per form so a recording cannot be reused. */
export function drawSpokenCode(random: (buffer: Uint32Array) => Uint32Array = (buffer) => crypto.getRandomValues(buffer)): string {
  const [value = 0] = random(new Uint32Array(1));
  return String(value % 10_000).padStart(4, '0');
}
