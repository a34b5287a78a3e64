DROP TABLE round_schedule;
