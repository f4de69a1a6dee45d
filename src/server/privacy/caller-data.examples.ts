import type { CallerData, CallerErase, ErasureReceipt } from "@shared/caller-data.schema";

/** Examples for the OpenAPI document (the OpenAPI test checks each against its schema). */

export const callerDataExample: CallerData = {
  calls: [
    {
      _id: "5b0d7c1e-8a44-4f0e-9d53-2f1c6a7e9b10",
      startTime: "2026-03-02T10:00:00.000Z",
      fromNumber: "+1 718 555 0142",
      customerName: "Ada Lovelace",
      status: "completed",
      duration: 184,
      outcome: "booked",
      serviceName: "Cleaning",
      summary: "Booked a cleaning for Friday.",
      hasTranscript: true,
      recordingUrl: "https://recordings.example.com/5b0d7c1e.mp3",
    },
  ],
  bookings: [
    {
      _id: "0f6a3e52-3c1b-4a8e-b7f4-9d2c5e1a7b64",
      customerName: "Ada Lovelace",
      customerPhone: "+1 718 555 0142",
      notes: null,
      serviceName: "Cleaning",
      startTime: "2026-03-06T14:00:00.000Z",
      endTime: "2026-03-06T14:45:00.000Z",
      status: "confirmed",
      source: "assistant",
      createdAt: "2026-03-02T10:02:00.000Z",
      upcoming: true,
    },
  ],
};

export const callerEraseExample: CallerErase = {
  phone: "+1 718 555 0142",
  decisions: [{ bookingId: "0f6a3e52-3c1b-4a8e-b7f4-9d2c5e1a7b64", decision: "cancel" }],
};

export const erasureReceiptExample: ErasureReceipt = {
  _id: "4812",
  erasedAt: "2026-03-03T09:15:00.000Z",
  erasedBy: "owner@clinic.example",
  calls: 1,
  bookings: 1,
  cancelledBookings: 1,
  outOfReach: ["telegramMessages", "calendarEvents"],
};
