import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Text } from "../../components/ui/text";
import type { ExportProgress } from "./business-export";

/** "2.4 MB received", in the reader's language (kB below a megabyte). */
function useSize(bytes: number): string {
  const { i18n } = useLingui();
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, "kilobyte"] : [bytes / 1_000_000, "megabyte"];
  return new Intl.NumberFormat(i18n.locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}

/** Where an export stands, announced politely as it moves (the owner of the live region renders it). */
export function ExportProgressText({ progress }: { progress: ExportProgress }) {
  const size = useSize(progress.bytes);
  const rows = progress.rows;
  return (
    <Text size="sm">
      {rows === null ? (
        <Trans>Exporting… {size} received</Trans>
      ) : (
        <Trans>
          Exporting <Plural value={rows} one="# row" other="# rows" />… {size} received
        </Trans>
      )}
    </Text>
  );
}
