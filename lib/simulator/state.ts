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

export class TradingState {
  private nextContractId = 1_512_000_000_000_000_000n;
  private nextPlanId = 1_613_000_000_000_000_000n;
  readonly contractOrders = new Map<string, ContractOrder>();
  /** newClientOrderId → order: the exchange rejects a reused one */
  readonly contractByClientId = new Map<string, ContractOrder>();
  readonly planOrders = new Map<string, PlanOrder>();
  readonly planByClientId = new Map<string, PlanOrder>();

  addContractOrder(o: Omit<ContractOrder, "orderId">): ContractOrder {
    this.nextContractId += 7n;
    const order = { ...o, orderId: this.nextContractId.toString() };
    this.contractOrders.set(order.orderId, order);
    this.contractByClientId.set(order.clientOrderId, order);
    return order;
  }

  addPlanOrder(o: Omit<PlanOrder, "orderId">): PlanOrder {
    this.nextPlanId += 11n;
    const order = { ...o, orderId: this.nextPlanId.toString() };
    this.planOrders.set(order.orderId, order);
    this.planByClientId.set(order.clientOrderId, order);
    return order;
  }
}
