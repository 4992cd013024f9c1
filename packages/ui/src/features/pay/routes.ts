import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const payRoutes: FeatureRoute[] = [
  {
    path: PATHS.pay,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/pay-screen'), 'PayScreen'),
  },
  {
    path: PATHS.paymentSuccess,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/payment-success-screen'), 'PaymentSuccessScreen'),
  },
  {
    path: PATHS.paymentFail,
    access: 'everyone',
    Screen: lazyScreen(() => import('./screens/payment-fail-screen'), 'PaymentFailScreen'),
  },
];
