import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceCategory } from "@shared/service.schema";

/** Spec 3's seven categories, as the form names them. */
export const SERVICE_CATEGORY_LABELS: Record<ServiceCategory, MessageDescriptor> = {
  medical: msg`Medical`,
  beauty: msg`Beauty`,
  wellness: msg`Wellness`,
  consultation: msg`Consultation`,
  treatment: msg`Treatment`,
  therapy: msg`Therapy`,
  other: msg`Other`,
};
