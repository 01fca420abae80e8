-- Issue 11 'Public self check-in': the check-in SMS and e-mail go out once per person and set-up.
-- A person marked absent by an administrator and then checked in again is made present again
-- without a second message: the first send is remembered on the attendance record.
ALTER TABLE "attendance_records" ADD COLUMN "checkin_messages_sent_at" timestamp with time zone;
