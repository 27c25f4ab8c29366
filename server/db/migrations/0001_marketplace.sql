CREATE TYPE "public"."case_status" AS ENUM('IN_PROGRESS', 'RESOLVED');--> statement-breakpoint
CREATE TYPE "public"."complaint_category" AS ENUM('NO_RESPONSE', 'DELAY', 'FEES', 'MISCONDUCT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('OPEN', 'IN_REVIEW', 'RESOLVED', 'DISMISSED');--> statement-breakpoint
CREATE TYPE "public"."day_of_week" AS ENUM('SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI');--> statement-breakpoint
CREATE TYPE "public"."district" AS ENUM('BAGERHAT', 'BANDARBAN', 'BARGUNA', 'BARISHAL', 'BHOLA', 'BOGRA', 'BRAHMANBARIA', 'CHANDPUR', 'CHAPAI_NAWABGANJ', 'CHATTOGRAM', 'CHUADANGA', 'COMILLA', 'COXS_BAZAR', 'DHAKA', 'DINAJPUR', 'FARIDPUR', 'FENI', 'GAIBANDHA', 'GAZIPUR', 'GOPALGANJ', 'HABIGANJ', 'JAMALPUR', 'JASHORE', 'JHALOKATHI', 'JHENAIDAH', 'JOYPURHAT', 'KHAGRACHHARI', 'KHULNA', 'KISHOREGANJ', 'KURIGRAM', 'KUSHTIA', 'LAKSHMIPUR', 'LALMONIRHAT', 'MADARIPUR', 'MAGURA', 'MANIKGANJ', 'MEHERPUR', 'MOULVIBAZAR', 'MUNSHIGANJ', 'MYMENSINGH', 'NAOGAON', 'NARAIL', 'NARAYANGANJ', 'NARSINGDI', 'NATORE', 'NETROKONA', 'NILPHAMARI', 'NOAKHALI', 'PABNA', 'PANCHAGARH', 'PATUAKHALI', 'PIROJPUR', 'RAJBARI', 'RAJSHAHI', 'RANGAMATI', 'RANGPUR', 'SATKHIRA', 'SHARIATPUR', 'SHERPUR', 'SIRAJGANJ', 'SUNAMGANJ', 'SYLHET', 'TANGAIL', 'THAKURGAON');--> statement-breakpoint
CREATE TYPE "public"."division" AS ENUM('DHAKA', 'CHATTOGRAM', 'RAJSHAHI', 'KHULNA', 'BARISHAL', 'SYLHET', 'RANGPUR', 'MYMENSINGH');--> statement-breakpoint
CREATE TYPE "public"."feedback_category" AS ENUM('GENERAL', 'BUG', 'IDEA', 'ACCESSIBILITY', 'LANGUAGE');--> statement-breakpoint
CREATE TYPE "public"."feedback_status" AS ENUM('OPEN', 'RESOLVED');--> statement-breakpoint
CREATE TYPE "public"."lawyer_language" AS ENUM('BN', 'EN');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('CASE_CREATE', 'EVENT_ADD', 'SCHEDULE_REMINDER', 'DOC_UPLOAD', 'NOTE_CREATE', 'CHAT_MESSAGE', 'MEETING_UPDATE', 'PAYMENT_UPDATE', 'BLOG_PUBLISHED', 'REVIEW_ADDED', 'ACCOUNT');--> statement-breakpoint
CREATE TYPE "public"."practicing_court" AS ENUM('SUPREME_COURT', 'HIGH_COURT_DIVISION', 'APPELLATE_DIVISION', 'DISTRICT_COURT', 'SESSIONS_COURT', 'ADMINISTRATIVE_TRIBUNAL', 'LABOUR_COURT', 'FAMILY_COURT', 'MAGISTRATE_COURT', 'SPECIAL_TRIBUNAL');--> statement-breakpoint
CREATE TYPE "public"."specialization" AS ENUM('CRIMINAL_LAW', 'CIVIL_LAW', 'FAMILY_LAW', 'LABOUR_LAW', 'CORPORATE_LAW', 'CONSTITUTIONAL_LAW', 'TAX_LAW', 'ENVIRONMENTAL_LAW', 'INTELLECTUAL_PROPERTY_LAW', 'BANKING_LAW', 'PROPERTY_LAW', 'HUMAN_RIGHTS_LAW', 'INTERNATIONAL_LAW', 'CYBER_LAW', 'CONTRACT_LAW', 'ADMINISTRATIVE_LAW', 'IMMIGRATION_LAW', 'CONSUMER_LAW', 'INSURANCE_LAW', 'MARITIME_LAW', 'EDUCATION_LAW');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"day" "day_of_week" NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_order_check" CHECK ("availability_slots"."end_time" > "availability_slots"."start_time")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "case_status" DEFAULT 'IN_PROGRESS' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complainant_id" uuid NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"case_id" uuid,
	"category" "complaint_category" NOT NULL,
	"description" text NOT NULL,
	"status" "complaint_status" DEFAULT 'OPEN' NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"category" "feedback_category" NOT NULL,
	"message" text NOT NULL,
	"page_path" text,
	"status" "feedback_status" DEFAULT 'OPEN' NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lawyer_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"firm" text NOT NULL,
	"years_of_experience" smallint NOT NULL,
	"bar_certificate_number" text NOT NULL,
	"bar_association" text,
	"practicing_court" "practicing_court" NOT NULL,
	"division" "division" NOT NULL,
	"district" "district" NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"languages" "lawyer_language"[] DEFAULT '{BN}' NOT NULL,
	"specializations" "specialization"[] NOT NULL,
	"hourly_charge" numeric(12, 2),
	"verification_status" "verification_status" DEFAULT 'PENDING' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"rejection_reason" text,
	"certificate_key" text,
	"certificate_content_type" text,
	"certificate_name" text,
	"certificate_size" integer,
	"certificate_uploaded_at" timestamp with time zone,
	"average_rating" numeric(3, 2),
	"review_count" integer DEFAULT 0 NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(btrim(search_title || ' ' || search_body), ' '))) STORED,
	"search_title_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_title, ' '))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_profiles_years_check" CHECK ("lawyer_profiles"."years_of_experience" between 0 and 50),
	CONSTRAINT "lawyer_profiles_charge_check" CHECK ("lawyer_profiles"."hourly_charge" is null or "lawyer_profiles"."hourly_charge" > 0),
	CONSTRAINT "lawyer_profiles_rating_check" CHECK ("lawyer_profiles"."average_rating" is null or "lawyer_profiles"."average_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_complainant_id_users_id_fk" FOREIGN KEY ("complainant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_lawyer_day_idx" ON "availability_slots" USING btree ("lawyer_id","day","start_time");--> statement-breakpoint
CREATE INDEX "cases_lawyer_id_idx" ON "cases" USING btree ("lawyer_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_client_id_idx" ON "cases" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_complainant_created_idx" ON "complaints" USING btree ("complainant_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_created_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_lawyer_id_idx" ON "complaints" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "feedback_sender_created_idx" ON "feedback" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_created_idx" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_profiles_user_id_key" ON "lawyer_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_profiles_bar_certificate_number_key" ON "lawyer_profiles" USING btree (upper("bar_certificate_number"));--> statement-breakpoint
CREATE INDEX "lawyer_profiles_status_submitted_idx" ON "lawyer_profiles" USING btree ("verification_status","submitted_at");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_rating_desc_idx" ON "lawyer_profiles" USING btree ("average_rating" desc nulls last,"review_count" desc,"id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_rating_asc_idx" ON "lawyer_profiles" USING btree ("average_rating" asc nulls last,"review_count","id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_experience_idx" ON "lawyer_profiles" USING btree ("years_of_experience","id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_charge_asc_idx" ON "lawyer_profiles" USING btree ("hourly_charge" asc nulls last,"id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_charge_desc_idx" ON "lawyer_profiles" USING btree ("hourly_charge" desc nulls last,"id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_created_idx" ON "lawyer_profiles" USING btree ("created_at","id") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_division_idx" ON "lawyer_profiles" USING btree ("division","district") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_district_idx" ON "lawyer_profiles" USING btree ("district") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_dir_court_idx" ON "lawyer_profiles" USING btree ("practicing_court") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "lawyer_profiles_specializations_idx" ON "lawyer_profiles" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_idx" ON "lawyer_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_case_id_key" ON "reviews" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "reviews_lawyer_created_idx" ON "reviews" USING btree ("lawyer_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_client_id_idx" ON "reviews" USING btree ("client_id");