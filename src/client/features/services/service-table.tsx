import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { css } from "styled-system/css";
import { ResponsiveTable, type TableColumn } from "../../components/responsive-table";
import { Badge } from "../../components/ui/badge";
import { IconButton } from "../../components/ui/icon-button";
import { useCompanyCurrency } from "../../lib/company-queries";
import { formatServicePrice } from "./service-price";

const numeric = css({ textAlign: "end", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
const nameCell = css({ minW: { md: "12rem" }, whiteSpace: "normal" });
const name = css({ fontWeight: "medium", overflowWrap: "anywhere" });
const description = css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" });
const nowrap = css({ whiteSpace: "nowrap" });
const actionButtons = css({ display: "inline-flex", gap: "1" });
const tableWidth = css({ minW: { md: "34rem" } });

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
  const currency = useCompanyCurrency();
  const columns: TableColumn<Service>[] = [
    {
      id: "name",
      header: <Trans>Name</Trans>,
      fullLine: true,
      cellClassName: nameCell,
      cell: (service) => (
        <>
          <p className={name}>{service.name}</p>
          {service.description ? <p className={description}>{service.description}</p> : null}
        </>
      ),
    },
    {
      id: "duration",
      header: <Trans>Duration</Trans>,
      labelled: true,
      className: numeric,
      cell: (service) => {
        const minutes = service.duration;
        return <Trans>{minutes} min</Trans>;
      },
    },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      labelled: true,
      className: numeric,
      // Blank for the moment the company takes to load: never a price in the wrong currency.
      cell: (service) => (currency ? formatServicePrice(service.price, i18n.locale, currency) : ""),
    },
    {
      id: "status",
      header: <Trans>Status</Trans>,
      cell: (service) =>
        service.isActive ? (
          <Badge variant="subtle" tone="success" data-active="true">
            <Trans>active</Trans>
          </Badge>
        ) : (
          <Badge variant="outline" tone="neutral" data-active="false">
            <Trans>inactive</Trans>
          </Badge>
        ),
    },
    {
      id: "actions",
      header: <Trans>Actions</Trans>,
      actions: true,
      cellClassName: nowrap,
      cell: (service) => {
        const name = service.name;
        return (
          <div className={actionButtons}>
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={service.isActive ? t`Deactivate ${name}` : t`Activate ${name}`}
              // aria-disabled, not disabled: the button pressed keeps the focus while its change is on its way.
              aria-disabled={togglingId === service._id || undefined}
              onClick={() => togglingId !== service._id && onToggle(service)}
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
        );
      },
    },
  ];
  return (
    <ResponsiveTable
      columns={columns}
      rows={services}
      rowKey={(service) => service._id}
      rowAttributes={(service) => ({ "data-service": service._id })}
      className={tableWidth}
    />
  );
}
