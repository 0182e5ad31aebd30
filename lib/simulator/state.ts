/**
 * What changes while the simulator runs: contract orders and plan (TP/SL) orders placed
 * through it. Identifiers are above 2^53, like the exchange's.
 */

export interface ContractOrder {
  orderId: string;
  clientOrderId: string;
  symbol: string;
  params: Record<string, unknown>;
  createdAt: number;
}

export interface PlanOrder {
  orderId: string;
  clientOrderId: string;
  symbol: string;
  planType: string;
  triggerPrice: string;
  executePrice: string;
  triggerPriceType: number;
  size: string;
  positionSide: string;
  /** the `locale` header of the placement or latest modification (null: none sent) */
  locale: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Placed orders of one kind, by order id and by client order id; ids count up from `last` by `step`. */
class PlacedOrders<T extends { orderId: string; clientOrderId: string }> {
  readonly byId = new Map<string, T>();
  /** client order id → order: the exchange rejects a reused one */
  readonly byClientId = new Map<string, T>();

  constructor(
    private last: bigint,
    private readonly step: bigint,
  ) {}

  add(o: Omit<T, "orderId">): T {
    this.last += this.step;
    const order = { ...o, orderId: this.last.toString() } as T;
    this.byId.set(order.orderId, order);
    this.byClientId.set(order.clientOrderId, order);
    return order;
  }
}

export class TradingState {
  private readonly contracts = new PlacedOrders<ContractOrder>(1_512_000_000_000_000_000n, 7n);
  private readonly plans = new PlacedOrders<PlanOrder>(1_613_000_000_000_000_000n, 11n);
  readonly contractOrders = this.contracts.byId;
  /** newClientOrderId → order: the exchange rejects a reused one */
  readonly contractByClientId = this.contracts.byClientId;
  readonly planOrders = this.plans.byId;
  readonly planByClientId = this.plans.byClientId;

  addContractOrder(o: Omit<ContractOrder, "orderId">): ContractOrder {
    return this.contracts.add(o);
  }

  addPlanOrder(o: Omit<PlanOrder, "orderId">): PlanOrder {
    return this.plans.add(o);
  }
}
