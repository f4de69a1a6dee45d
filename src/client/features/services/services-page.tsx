import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef } from "@xstate/react";
import { CalendarClock, Plus, Tags } from "lucide-react";
import { useDeferredValue, useId, useRef, useState } from "react";
import { css } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Button } from "../../components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { RowsSkeleton } from "../../components/ui/skeleton";
import { toaster } from "../../components/ui/toaster";
import { useFocusAfterRemoval } from "../../components/use-focus-after-removal";
import { useApi } from "../../lib/api-context";
import { useCompanyCurrency } from "../../lib/company-queries";
import { failureMessage, failureOf, isAlreadyGone } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { refreshAfterServiceChange, serviceQueries } from "../../lib/service-queries";
import { ServiceDialog } from "./service-dialog";
import { provideServiceDialog } from "./service-dialog.actors";
import { draftOfService } from "./service-draft";
import { nameTakenMessage } from "./service-field-messages";
import { priceDecimalsOf } from "./service-price";
import { ServiceTable } from "./service-table";
import { changeService, deleteService } from "./services.queries";

/** Spec 2 "Services": the catalogue, its create/edit dialog, toggling and deleting with spec 8's toasts. */
export function ServicesPage() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  // Deferred: an answer arriving re-renders in a transition, which React splits into short tasks, instead of
  // one long synchronous render of the whole list.
  const services = useDeferredValue(useQuery(serviceQueries.list(api)));
  const currency = useCompanyCurrency();
  const refetch = () => refreshAfterServiceChange(queryClient);
  const reason = (error: unknown) => {
    const failure = failureOf(error);
    if (failure?.code === "CONFLICT") return i18n._(nameTakenMessage);
    const message = failureMessage(failure ?? {});
    return message ? i18n._(message) : undefined;
  };

  const [machine] = useState(() =>
    provideServiceDialog({
      api,
      locale: () => i18n.locale,
      onSaved: (mode) => {
        toaster.success({
          title: mode === "edit" ? t`Service updated successfully` : t`Service created successfully`,
        });
        void refetch();
      },
      // The dialog stays open and says why; the toast says that it failed (spec 8).
      onFailed: (mode) =>
        toaster.error({ title: mode === "edit" ? t`Failed to update service` : t`Failed to create service` }),
    }),
  );
  const dialog = useActorRef(machine, useInspectOptions());
  const [deleting, setDeleting] = useState<Service | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The last service deleted leaves Add Service as the next thing to do.
  const deletedFocus = useFocusAfterRemoval(() => addRef.current);
  // Spec 4's eye sends the whole service with isActive inverted, which put back the name and price of a list
  // read before another tab changed them: it sends isActive alone.
  const toggle = useMutation({
    mutationFn: ({ _id, isActive }: Service) => changeService(api, _id, { isActive: !isActive }),
    onSuccess: () => toaster.success({ title: t`Service updated successfully` }),
    onError: (error) => toaster.error({ title: t`Failed to update service`, description: reason(error) }),
    onSettled: refetch,
  });

  const removed = () => {
    deletedFocus.removed();
    setDeleting(null);
  };
  const remove = useMutation({
    mutationFn: (service: Service) => deleteService(api, service._id),
    onSuccess: () => {
      removed();
      toaster.success({ title: t`Service deleted successfully` });
    },
    // Deleted meanwhile (another tab): gone, as asked. Saying it failed would leave a question that can only fail.
    onError: (error) => {
      if (!isAlreadyGone(error))
        return toaster.error({ title: t`Failed to delete service`, description: reason(error) });
      removed();
      toaster.info({ title: t`This service had already been deleted` });
    },
    onSettled: refetch,
  });

  const list = services.data;
  return (
    <>
      <PageHeader
        title={t({ id: "nav.services", message: "Services" })}
        description={t`Manage the services your customers can book`}
        actions={
          <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
            <Link href="/availability" className={button({ variant: "outline" })}>
              <CalendarClock aria-hidden="true" />
              <Trans>Opening hours & availability</Trans>
            </Link>
            <Button ref={addRef} onClick={() => dialog.send({ type: "dialog.create" })}>
              <Plus aria-hidden="true" />
              <Trans>Add Service</Trans>
            </Button>
          </div>
        }
      />
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>
            <Trans>Service catalogue</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              What your assistant can book for callers. Inactive services are kept but not offered.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardBody>
          {list ? (
            list.length === 0 ? (
              <EmptyState icon={Tags} title={<Trans>No services found</Trans>}>
                <Trans>No services created yet. Add your first service to get started.</Trans>
              </EmptyState>
            ) : (
              <ServiceTable
                services={list}
                togglingId={toggle.isPending ? (toggle.variables?._id ?? null) : null}
                onToggle={(service) => toggle.mutate(service)}
                onEdit={(service) =>
                  dialog.send({
                    type: "dialog.edit",
                    serviceId: service._id,
                    draft: draftOfService(service, i18n.locale, priceDecimalsOf(currency)),
                  })
                }
                onDelete={(service) => {
                  deletedFocus.opened();
                  setDeleting(service);
                }}
              />
            )
          ) : services.isError ? (
            <LoadErrorAlert
              title={<Trans>Error loading services</Trans>}
              onRetry={() => void services.refetch()}
            >
              <LoadFailureMessage error={services.error} missing={<Trans>Failed to fetch services</Trans>} />
            </LoadErrorAlert>
          ) : (
            // Shaped like the table's rows, announced once.
            <div role="status">
              <span className={css({ srOnly: true })}>
                <Trans>Loading services…</Trans>
              </span>
              <RowsSkeleton
                rows={4}
                title={css({ w: "40" })}
                detail={css({ w: "56", maxW: "full" })}
                columns={[css({ h: "4", w: "12" }), css({ h: "4", w: "14" }), css({ h: "5", w: "16" })]}
              />
            </div>
          )}
        </CardBody>
      </Card>
      <ServiceDialog dialog={dialog} />
      <ConfirmDialog
        target={deleting}
        title={({ name }) => t`Delete the service “${name}”?`}
        description={t`Your assistant will no longer offer it to callers. This cannot be undone.`}
        confirmLabel={<Trans>Delete service</Trans>}
        pendingLabel={<Trans>Deleting…</Trans>}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(service) => remove.mutateAsync(service)}
        finalFocus={deletedFocus.finalFocus}
      />
    </>
  );
}
