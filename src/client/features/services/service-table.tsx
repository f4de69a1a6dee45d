import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { css, cx } from "styled-system/css";
import { table } from "styled-system/recipes/table";
import { Badge } from "../../components/ui/badge";
import { IconButton } from "../../components/ui/icon-button";
import { formatServicePrice } from "./service-price";

const styles = table({ variant: "plain", size: "md" });

const numeric = css({ textAlign: "end", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });

// Below `sm` a row is a small card (name on its own line, then the facts and the actions), so nothing hides
// past the edge of a phone; from `sm` up it is the spec's table.
const narrow = {
  table: css({ display: { smDown: "block" }, minW: { sm: "34rem" } }),
  head: css({ display: { smDown: "none" } }),
  body: css({ display: { smDown: "block" } }),
  row: css({
    display: { smDown: "flex" },
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: "4",
    rowGap: "1",
    h: { smDown: "auto" },
    p: { smDown: "3" },
    borderBottomWidth: { smDown: "1px" },
    borderColor: "border.subtle",
  }),
  cell: css({
    display: { smDown: "block" },
    h: { smDown: "auto" },
    p: { smDown: "0" },
    borderBottomWidth: { smDown: "0" },
  }),
  nameCell: css({ flexBasis: { smDown: "100%" } }),
  actionsCell: css({ ml: { smDown: "auto" } }),
  /** The column's name beside its value where the header row is not shown. */
  label: css({ display: { base: "inline", sm: "none" }, color: "fg.muted", fontSize: "sm", mr: "1" }),
};

type ServiceTableProps = {
  services: readonly Service[];
  /** The service whose active state is being changed, its toggle disabled meanwhile. */
  togglingId: string | null;
  onToggle: (service: Service) => void;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
};

/** Spec 2: name with description, duration in minutes, price, status badge, actions. */
export function ServiceTable({ services, togglingId, onToggle, onEdit, onDelete }: ServiceTableProps) {
  const { t, i18n } = useLingui();
  return (
    // Scrolls sideways inside the card on a narrow screen rather than squeezing the columns unreadable.
    <div className={css({ mx: "-3" })}>
      <table className={cx(styles.root, narrow.table)}>
        <thead className={cx(styles.head, narrow.head)}>
          <tr className={styles.row}>
            <th scope="col" className={styles.header}>
              <Trans>Name</Trans>
            </th>
            <th scope="col" className={cx(styles.header, numeric)}>
              <Trans>Duration</Trans>
            </th>
            <th scope="col" className={cx(styles.header, numeric)}>
              <Trans>Price</Trans>
            </th>
            <th scope="col" className={styles.header}>
              <Trans>Status</Trans>
            </th>
            <th scope="col" className={cx(styles.header, css({ textAlign: "end" }))}>
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody className={cx(styles.body, narrow.body)}>
          {services.map((service) => {
            const name = service.name;
            const minutes = service.duration;
            return (
              <tr key={service._id} className={cx(styles.row, narrow.row)} data-service={service._id}>
                <td
                  className={cx(
                    styles.cell,
                    narrow.cell,
                    narrow.nameCell,
                    css({ minW: { sm: "12rem" }, whiteSpace: "normal" }),
                  )}
                >
                  <p className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>{name}</p>
                  {service.description ? (
                    <p className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>
                      {service.description}
                    </p>
                  ) : null}
                </td>
                <td className={cx(styles.cell, narrow.cell, numeric)}>
                  <span className={narrow.label}>
                    <Trans>Duration</Trans>
                  </span>
                  <Trans>{minutes} min</Trans>
                </td>
                <td className={cx(styles.cell, narrow.cell, numeric)}>
                  <span className={narrow.label}>
                    <Trans>Price</Trans>
                  </span>
                  {formatServicePrice(service.price, i18n.locale)}
                </td>
                <td className={cx(styles.cell, narrow.cell)}>
                  {service.isActive ? (
                    <Badge variant="subtle" tone="success" data-active="true">
                      <Trans>active</Trans>
                    </Badge>
                  ) : (
                    <Badge variant="outline" tone="neutral" data-active="false">
                      <Trans>inactive</Trans>
                    </Badge>
                  )}
                </td>
                <td
                  className={cx(
                    styles.cell,
                    narrow.cell,
                    narrow.actionsCell,
                    css({ whiteSpace: "nowrap", textAlign: "end" }),
                  )}
                >
                  <div className={css({ display: "inline-flex", gap: "1" })}>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={service.isActive ? t`Deactivate ${name}` : t`Activate ${name}`}
                      disabled={togglingId === service._id}
                      onClick={() => onToggle(service)}
                    >
                      {service.isActive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={t`Edit ${name}`}
                      onClick={() => onEdit(service)}
                    >
                      <Pencil aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={t`Delete ${name}`}
                      onClick={() => onDelete(service)}
                    >
                      <Trash2 aria-hidden="true" />
                    </IconButton>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
