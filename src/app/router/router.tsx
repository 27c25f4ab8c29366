/**
 * The app's routes: docs/product.md §2's table (route-table.ts) with each screen lazy-loaded, guarded, and
 * wrapped in the layout; the footer's info pages; the footer's alias paths; and the 404.
 */
import type { ReactNode } from 'react';
import {
  createBrowserRouter,
  Navigate,
  useLocation,
  useNavigate,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { ErrorScreen } from '../../components/error-boundary/error-screen';
import { prepareRetry } from '../../components/error-boundary/retryable';
import type { InfoSlug } from '../../features/pages/info-page';
import { selectRole } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { AppLayout, type RouteHandle } from '../layout/app-layout';
import { Guarded } from './guarded';
import { lazyNamed } from './lazy-named';
import { REDIRECTS, SCREENS, type RedirectDef, type ScreenName } from './route-table';

const ChatInboxPage = lazyNamed(() => import('../../features/chat/chat-inbox-page'), 'ChatInboxPage');
const ChatConversationPage = lazyNamed(
  () => import('../../features/chat/chat-conversation-page'),
  'ChatConversationPage',
);
const HomePage = lazyNamed(() => import('../../features/home/home-page'), 'HomePage');
const AboutPage = lazyNamed(() => import('../../features/home/about-page'), 'AboutPage');
const ServicesPage = lazyNamed(() => import('../../features/home/services-page'), 'ServicesPage');
const HowItWorksPage = lazyNamed(() => import('../../features/home/how-it-works-page'), 'HowItWorksPage');
const ContactPage = lazyNamed(() => import('../../features/home/contact-page'), 'ContactPage');
const InfoPage = lazyNamed(() => import('../../features/pages/info-page'), 'InfoPage');
const LoginPage = lazyNamed(() => import('../../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('../../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('../../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const EmailVerificationPage = lazyNamed(
  () => import('../../features/auth/email-verification-page'),
  'EmailVerificationPage',
);
const DashboardScreen = lazyNamed(() => import('../screens/dashboard-screen'), 'DashboardScreen');
const ProfileScreen = lazyNamed(() => import('../screens/profile-screen'), 'ProfileScreen');
const ProfileCreatePage = lazyNamed(
  () => import('../../features/lawyers/profile/profile-create-page'),
  'ProfileCreatePage',
);
const FindLawyerPage = lazyNamed(() => import('../../features/lawyers/directory/find-lawyer-page'), 'FindLawyerPage');
const LawyerDetailsScreen = lazyNamed(() => import('../screens/lawyer-details-screen'), 'LawyerDetailsScreen');
const CasesPage = lazyNamed(() => import('../../features/cases/cases-page'), 'CasesPage');
const LawyerBlogsPage = lazyNamed(() => import('../../features/blogs/lawyer-blogs-page'), 'LawyerBlogsPage');
const LawInsightsPage = lazyNamed(() => import('../../features/blogs/law-insights-page'), 'LawInsightsPage');
const BlogDetailPage = lazyNamed(() => import('../../features/blogs/blog-detail-page'), 'BlogDetailPage');
const CaseDetailScreen = lazyNamed(() => import('../screens/case-detail-screen'), 'CaseDetailScreen');
const LawyerManagementPage = lazyNamed(
  () => import('../../features/admin/lawyer-management-page'),
  'LawyerManagementPage',
);
const LawyerVerificationPage = lazyNamed(
  () => import('../../features/admin/lawyer-verification-page'),
  'LawyerVerificationPage',
);
const AdminFeedbackPage = lazyNamed(() => import('../../features/feedback/admin-feedback-page'), 'AdminFeedbackPage');
const AdminComplaintsPage = lazyNamed(
  () => import('../../features/feedback/admin-complaints-page'),
  'AdminComplaintsPage',
);
const MeetingsScreen = lazyNamed(() => import('../screens/meetings-screen'), 'MeetingsScreen');
const ClientMeetingsPage = lazyNamed(
  () => import('../../features/meetings/client-meetings-page'),
  'ClientMeetingsPage',
);
const MyBookingsPage = lazyNamed(() => import('../../features/bookings/my-bookings-page'), 'MyBookingsPage');
const PaymentSuccessPage = lazyNamed(
  () => import('../../features/meetings/payment-success-page'),
  'PaymentSuccessPage',
);
const CheckoutPage = lazyNamed(() => import('../../features/meetings/checkout-page'), 'CheckoutPage');
const AiChatPage = lazyNamed(() => import('../../features/ai/ai-chat-page'), 'AiChatPage');
const AiChatSessionPage = lazyNamed(() => import('../../features/ai/ai-chat-page'), 'AiChatSessionPage');
const ChatHistoryPage = lazyNamed(() => import('../../features/ai/chat-history-page'), 'ChatHistoryPage');
const DocumentSearchPage = lazyNamed(() => import('../../features/ai/document-search-page'), 'DocumentSearchPage');
const NotFoundPage = lazyNamed(() => import('../screens/not-found-page'), 'NotFoundPage');

/** The footer's short info pages (content engineer's InfoPage), each at /{slug}. */
const INFO_SLUGS = [
  'help',
  'faq',
  'tutorials',
  'status',
  'careers',
  'press',
  'partners',
  'privacy',
  'terms',
  'cookies',
  'security',
  'compliance',
] as const satisfies readonly InfoSlug[];
// Listed here rather than imported, so the router does not pull the info page into the first load;
// this line fails to compile if InfoSlug gains a slug the list lacks.
const _allInfoSlugsRouted: Exclude<InfoSlug, (typeof INFO_SLUGS)[number]> extends never ? true : never = true;

const SCREEN_ELEMENTS: Record<ScreenName, ReactNode> = {
  home: <HomePage />,
  about: <AboutPage />,
  services: <ServicesPage />,
  'how-it-works': <HowItWorksPage />,
  contact: <ContactPage />,
  register: <RegisterPage />,
  login: <LoginPage />,
  'forgot-password': <ForgotPasswordPage />,
  'email-verification': <EmailVerificationPage />,
  'user-dashboard': <DashboardScreen kind="USER" />,
  'lawyer-dashboard': <DashboardScreen kind="LAWYER" />,
  'admin-dashboard': <DashboardScreen kind="ADMIN" />,
  'view-profile': <ProfileScreen />,
  'lawyer-management': <LawyerManagementPage />,
  'lawyer-verification': <LawyerVerificationPage />,
  'lawyer-profile-creation': <ProfileCreatePage />,
  cases: <CasesPage />,
  'case-detail': <CaseDetailScreen />,
  'find-lawyer': <FindLawyerPage />,
  'lawyer-details': <LawyerDetailsScreen />,
  'chat-inbox': <ChatInboxPage />,
  'chat-conversation': <ChatConversationPage />,
  'ai-chat': <AiChatPage />,
  'ai-chat-session': <AiChatSessionPage />,
  'document-search': <DocumentSearchPage />,
  'chat-history': <ChatHistoryPage />,
  meetings: <MeetingsScreen />,
  'lawyer-blogs': <LawyerBlogsPage />,
  'law-insights': <LawInsightsPage />,
  'blog-detail': <BlogDetailPage />,
  'client-meetings': <ClientMeetingsPage />,
  'client-bookings': <MyBookingsPage />,
  'payment-success': <PaymentSuccessPage />,
  'sandbox-checkout': <CheckoutPage />,
  'admin-feedback': <AdminFeedbackPage />,
  'admin-complaints': <AdminComplaintsPage />,
};

/** A footer alias: to the signed-in role's own target where it has one (/scheduling → own calendar). */
function AliasRedirect({ to, byRole }: Omit<RedirectDef, 'path'>) {
  const role = useSessionSelector(selectRole);
  return <Navigate to={(role && byRole?.[role]) ?? to} replace />;
}

/** An error in the layout itself (the screen-level boundary sits inside it). */
function RootError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => {
    prepareRetry(error);
    void navigate(location, { replace: true });
  };
  return <ErrorScreen onRetry={retry} />;
}

export function appRoutes(elements: Record<ScreenName, ReactNode> = SCREEN_ELEMENTS): RouteObject[] {
  const screens: RouteObject[] = SCREENS.map((screen) => {
    const element = elements[screen.name];
    const handle: RouteHandle = { hideFooter: 'hideFooter' in screen && screen.hideFooter };
    return {
      path: screen.path,
      handle,
      element: 'guard' in screen ? <Guarded rule={screen.guard}>{element}</Guarded> : element,
    };
  });
  return [
    {
      element: <AppLayout />,
      errorElement: <RootError />,
      children: [
        ...screens,
        ...INFO_SLUGS.map((slug) => ({ path: `/${slug}`, element: <InfoPage slug={slug} /> })),
        ...REDIRECTS.map(({ path, to, byRole }) => ({ path, element: <AliasRedirect to={to} byRole={byRole} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
