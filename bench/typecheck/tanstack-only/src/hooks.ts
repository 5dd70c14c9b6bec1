import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type Cart, call, type GuestLine, guestCart, type Product, session } from './api.ts';

/** Whether a token is held (kept in step across the app by the `session` event). */
export function useSignedIn() {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('session', notify);
      return () => window.removeEventListener('session', notify);
    },
    () => session.token !== null,
  );
}

export function useProducts(page: number) {
  return useQuery({
    queryKey: ['products', page],
    queryFn: () =>
      call<{ data: Product[]; total_count: number }>(
        'GET',
        `/pbs/rest/v3/products?page_number=${page}&page_limit=10`,
      ),
  });
}

export function useProduct(productId: number) {
  return useQuery({
    queryKey: ['product', productId],
    queryFn: () => call<Product>('GET', `/pbs/rest/v3/products/${productId}`),
    enabled: productId > 0,
  });
}

/** The cart: on the device for a guest, on the server once signed in; the same shape either way. */
export function useCart() {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const server = useQuery({
    queryKey: ['cart'],
    queryFn: () => call<Cart>('GET', '/cfs/rest/v3/customer-cart?page_number=-1'),
    enabled: signedIn,
  });
  const guest = useQuery({ queryKey: ['guest-cart'], queryFn: () => guestCart.read(), enabled: !signedIn });
  const lines: GuestLine[] = signedIn
    ? (server.data?.Products ?? []).map((line) => ({
        productId: line.product,
        name: line.product_detail.product_name,
        price: line.product_detail.final_price,
        quantity: line.cart_quantity,
      }))
    : (guest.data ?? []);
  const write = useMutation({
    mutationFn: async (next: { product: Product; quantity: number }) => {
      if (!signedIn) {
        const rest = guestCart.read().filter((line) => line.productId !== next.product.product_id);
        const line = {
          productId: next.product.product_id,
          name: next.product.product_name,
          price: next.product.final_price,
          quantity: next.quantity,
        };
        guestCart.write(next.quantity > 0 ? [...rest, line] : rest);
        return;
      }
      await call('POST', '/cfs/rest/v3/customer-cart', {
        customer_cart: [{ product: next.product.product_id, cart_quantity: next.quantity }],
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: signedIn ? ['cart'] : ['guest-cart'] }),
  });
  const merge = useCallback(async () => {
    const local = guestCart.read();
    if (local.length > 0)
      await call('POST', '/cfs/rest/v3/customer-cart', {
        customer_cart: local.map((line) => ({ product: line.productId, cart_quantity: line.quantity })),
      });
    guestCart.write([]);
    await queryClient.invalidateQueries({ queryKey: ['cart'] });
  }, [queryClient]);
  return {
    lines,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: server.data?.summary.total ?? null,
    isLoading: signedIn && server.isLoading,
    error: server.error,
    isInCart: (productId: number) => lines.some((line) => line.productId === productId),
    add: (product: Product) => write.mutateAsync({ product, quantity: 1 }),
    merge,
  };
}
