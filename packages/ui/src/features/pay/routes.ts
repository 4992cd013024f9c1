import { lazyScreen, type FeatureRoute } from '../../routing';

export const payRoutes: FeatureRoute[] = [
  {
    path: 'pay',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/pay-screen'), 'PayScreen'),
  },
  {
    path: 'payment/success',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/payment-success-screen'), 'PaymentSuccessScreen'),
  },
  {
    path: 'payment/fail',
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/payment-fail-screen'), 'PaymentFailScreen'),
  },
];
