import type { ServiceCategory } from "@shared/service.constants";

export type DemoService = {
  name: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  category: ServiceCategory;
  isActive: boolean;
  /** Its own buffer after each appointment, overriding the business's (none: the business's). */
  bufferAfterMinutes?: number;
};

/** Bright Smile Dental's catalogue: what its demo calls talk about and what the assistant offers. */
export const DEMO_SERVICES: readonly DemoService[] = [
  {
    name: "Check-up & Cleaning",
    description: "Exam, scale and polish, and X-rays when they are due.",
    durationMinutes: 60,
    priceCents: 12_000,
    category: "medical",
    isActive: true,
  },
  {
    name: "Children's Check-up",
    description: "A gentle exam and cleaning for patients under 12, with fluoride varnish.",
    durationMinutes: 30,
    priceCents: 7_500,
    category: "medical",
    isActive: true,
  },
  {
    name: "Filling",
    description: "Tooth-coloured composite filling, one surface.",
    durationMinutes: 45,
    priceCents: 18_000,
    category: "treatment",
    isActive: true,
  },
  {
    name: "Emergency Visit",
    description: "Same-day appointment for pain, swelling or a broken tooth.",
    durationMinutes: 30,
    priceCents: 15_000,
    category: "treatment",
    isActive: true,
  },
  {
    name: "Teeth Whitening",
    description: "In-office whitening in one visit, shade check included.",
    durationMinutes: 90,
    priceCents: 35_000,
    category: "beauty",
    isActive: true,
    // The chair is cleaned and the lamp cools down before the next patient.
    bufferAfterMinutes: 10,
  },
  {
    name: "Invisalign Consultation",
    description: "Free assessment for clear aligners, with a 3D scan.",
    durationMinutes: 30,
    priceCents: 0,
    category: "consultation",
    isActive: true,
  },
  {
    name: "Night Guard Fitting",
    description: "Custom night guard for teeth grinding (paused while the lab is changed).",
    durationMinutes: 30,
    priceCents: 28_000,
    category: "treatment",
    isActive: false,
  },
];
