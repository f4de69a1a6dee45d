import { formatDuration, isoDuration } from "./format-duration";

/** A call's length as m:ss. */
export function CallDuration({ seconds, className }: { seconds: number; className?: string }) {
  return (
    <time dateTime={isoDuration(seconds)} className={className}>
      {formatDuration(seconds)}
    </time>
  );
}
