/** What the media worker tells a job about its delivery (SQS ApproximateReceiveCount). */
export interface JobDelivery {
  /** 1 on the first delivery. */
  receiveCount: number;
  /** Deliveries before SQS moves the message to the DLQ. */
  maxReceiveCount: number;
}

export const isLastDelivery = (d: JobDelivery) => d.receiveCount >= d.maxReceiveCount;
